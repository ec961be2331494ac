/**
 * Demo artwork drawn as SVG and rasterised by sharp (through MediaStore.save): studio
 * style product shots (a soft backdrop, the silhouette of the product type in the
 * variant color, a floor shadow), category tiles and series banners.
 *
 * Product shots are pooled by (silhouette × color): thousands of products share a few
 * dozen files, so seeding 100,000 products renders no more images than seeding 200.
 * Everything here is a pure function of its inputs, and MediaStore names files by the
 * hash of their content, so the same catalogue always gets the same filenames.
 */

export const silhouetteKinds = [
  "tshirt",
  "hoodie",
  "sweatshirt",
  "jacket",
  "joggers",
  "jeans",
  "shorts",
  "kurta",
  "cap",
  "tote",
  "mug",
  "poster",
  "sneaker",
] as const;
export type SilhouetteKind = (typeof silhouetteKinds)[number];

export interface Swatch {
  name: string;
  hex: string;
}

export const PRODUCT_SHOT = { width: 960, height: 1200 } as const;
export const CATEGORY_TILE = { width: 960, height: 1200 } as const;
/** Drawn on a 1600×900 canvas; rendered at 960×540 (the image store's largest width). */
export const SERIES_BANNER = { width: 1600, height: 900, renderWidth: 960, renderHeight: 540 } as const;

// ---------------------------------------------------------------------------
// Color helpers

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mixes towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = channels(hex);
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex([r + (target - r) * t, g + (target - g) * t, b + (target - b) * t]);
}

export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

/** Relative luminance in [0, 1]. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

interface Tones {
  base: string;
  /** Outline and seams. */
  line: string;
  /** Ribs, bands, insides. */
  deep: string;
  /** Inside of a hood, a mug, a pocket. */
  inner: string;
  /** Prints, stripes and trims that must stand out from the base. */
  contrast: string;
  light: boolean;
}

function tones(hex: string): Tones {
  const lum = luminance(hex);
  const dark = lum < 0.04;
  return {
    base: hex,
    line: dark ? shade(hex, 0.22) : shade(hex, -0.32),
    deep: dark ? shade(hex, 0.1) : shade(hex, -0.14),
    inner: dark ? shade(hex, 0.05) : shade(hex, -0.38),
    contrast: lum > 0.45 ? shade(hex, -0.7) : "#f4f1ea",
    light: lum > 0.6,
  };
}

// ---------------------------------------------------------------------------
// Silhouettes, drawn on the 960×1200 product canvas around x = 480.

interface Drawing {
  /** Filled shapes that make up the object (shaded and shadowed together). */
  parts: string[];
  /** Drawn behind the parts (a hood's back, a bag's rear handle). */
  behind?: string;
  /** Drawn over the parts, clipped to them (bands, pockets, folds, prints). */
  details?: string;
  /** Drawn over everything, unclipped (strings, handles, clips). */
  over?: string;
  /** Floor contact: y and half-width of the shadow ellipse. */
  floorY: number;
  floorHalfWidth: number;
  /** Enlarges a small object about the frame centre. */
  scale?: number;
}

const stitch = (color: string, width = 2.2): string =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="9 7" stroke-linecap="round" opacity="0.75"`;
const seam = (color: string, width = 3): string =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const fold = `fill="none" stroke="#000" stroke-opacity="0.07" stroke-width="10" stroke-linecap="round"`;
const foldLight = `fill="none" stroke="#fff" stroke-opacity="0.09" stroke-width="12" stroke-linecap="round"`;

function ribs(x1: number, x2: number, y1: number, y2: number, color: string, step = 12): string {
  let out = "";
  for (let x = x1 + step / 2; x < x2; x += step) out += `M${x.toFixed(1)} ${y1}V${y2}`;
  return `<path d="${out}" stroke="${color}" stroke-width="2" stroke-opacity="0.35" fill="none"/>`;
}

function longSleeveBody(neckDip: number): string {
  return `M400 300 L312 318 Q258 332 238 386 L150 818 L234 840 L287 520 L284 950 Q480 962 676 950 L673 520 L726 840 L810 818 L722 386 Q702 332 648 318 L560 300 C535 ${300 + neckDip} 425 ${300 + neckDip} 400 300 Z`;
}

function longSleeveDetails(t: Tones): string {
  return [
    // hem and cuff ribs
    `<path d="M284 905 L676 905 L676 960 L284 960 Z" fill="${t.deep}"/>`,
    ribs(284, 676, 907, 960, t.line, 11),
    `<path d="M165 775 L248 793 L234 842 L148 822 Z" fill="${t.deep}"/>`,
    `<path d="M795 775 L712 793 L726 842 L812 822 Z" fill="${t.deep}"/>`,
    `<path d="M284 905 L676 905" ${seam(t.line, 2.5)}/>`,
    `<path d="M165 775 L248 793 M795 775 L712 793" ${seam(t.line, 2.5)}/>`,
    // sleeve seams and folds
    `<path d="M287 520 Q300 430 312 320 M673 520 Q660 430 648 320" ${seam(t.line, 2)} opacity="0.55"/>`,
    `<path d="M200 560 Q225 600 215 660 M760 560 Q735 600 745 660 M340 640 Q360 760 335 880 M620 600 Q600 740 630 880" ${fold}/>`,
    `<path d="M420 420 Q440 650 410 880" ${foldLight}/>`,
  ].join("");
}

function drawTshirt(t: Tones): Drawing {
  return {
    parts: [
      "M405 262 C430 300 530 300 555 262 L650 285 Q700 298 735 330 L815 470 L725 515 L690 455 L700 940 Q480 960 260 940 L270 455 L235 515 L145 470 L225 330 Q260 298 310 285 Z",
    ],
    details: [
      `<path d="M405 262 C440 250 520 250 555 262 C530 300 430 300 405 262 Z" fill="${t.inner}"/>`,
      `<path d="M402 262 C430 306 530 306 558 262" fill="none" stroke="${t.deep}" stroke-width="16"/>`,
      `<path d="M396 262 C428 316 532 316 564 262" ${stitch(t.line)}/>`,
      `<path d="M805 450 L715 495 M155 450 L245 495" ${stitch(t.line)}/>`,
      `<path d="M262 918 Q480 938 698 918" ${stitch(t.line)}/>`,
      `<path d="M690 455 Q700 380 700 300 M270 455 Q260 380 260 300" ${seam(t.line, 2)} opacity="0.45"/>`,
      `<path d="M330 560 Q352 730 322 900 M630 540 Q606 700 640 890 M480 420 Q470 520 486 600" ${fold}/>`,
      `<path d="M410 360 Q440 620 400 900" ${foldLight}/>`,
    ].join(""),
    floorY: 985,
    floorHalfWidth: 300,
  };
}

function drawHoodie(t: Tones): Drawing {
  return {
    behind: `<path d="M378 330 C340 150 620 150 582 330 Z" fill="${t.deep}" stroke="${t.line}" stroke-width="3"/>`,
    parts: [longSleeveBody(40)],
    details: [
      longSleeveDetails(t),
      // kangaroo pocket
      `<path d="M348 705 L612 705 L652 872 L308 872 Z" fill="#000" fill-opacity="0.06"/>`,
      `<path d="M348 705 L612 705 L652 872 L308 872 Z" ${seam(t.line, 2.5)}/>`,
      `<path d="M356 718 L604 718 M318 862 L642 862" ${stitch(t.line)}/>`,
      `<path d="M348 705 Q330 790 308 872 M612 705 Q630 790 652 872" fill="none" stroke="${t.inner}" stroke-width="6" opacity="0.6"/>`,
    ].join(""),
    over: [
      // the hood lying around the neck, its opening and the drawstrings
      `<path d="M372 310 C378 430 582 430 588 310 C566 226 394 226 372 310 Z" fill="${t.base}" stroke="${t.line}" stroke-width="3"/>`,
      `<path d="M406 306 C414 392 546 392 554 306 C532 252 428 252 406 306 Z" fill="${t.inner}"/>`,
      `<path d="M406 306 C414 392 546 392 554 306" fill="none" stroke="${t.deep}" stroke-width="8"/>`,
      `<path d="M443 392 Q436 460 430 528 M517 392 Q524 460 530 528" fill="none" stroke="${t.contrast}" stroke-width="7" stroke-linecap="round"/>`,
      `<rect x="424" y="522" width="12" height="26" rx="4" fill="${t.line}"/><rect x="524" y="522" width="12" height="26" rx="4" fill="${t.line}"/>`,
    ].join(""),
    floorY: 985,
    floorHalfWidth: 320,
  };
}

function drawSweatshirt(t: Tones): Drawing {
  return {
    parts: [longSleeveBody(44)],
    details: [
      longSleeveDetails(t),
      `<path d="M400 300 C425 262 535 262 560 300 C535 344 425 344 400 300 Z" fill="${t.inner}"/>`,
      `<path d="M398 300 C425 352 535 352 562 300" fill="none" stroke="${t.deep}" stroke-width="24"/>`,
      `<path d="M386 300 C420 370 540 370 574 300" ${seam(t.line, 2.5)}/>`,
      `<path d="M462 352 L480 372 L498 352" ${seam(t.line, 2.5)} opacity="0.6"/>`,
    ].join(""),
    floorY: 985,
    floorHalfWidth: 320,
  };
}

function drawJacket(t: Tones): Drawing {
  const trim = t.light ? shade(t.base, -0.55) : shade(t.base, -0.25);
  const stripe = t.contrast;
  return {
    parts: [longSleeveBody(34)],
    details: [
      longSleeveDetails(t),
      `<path d="M284 905 L676 905 L676 960 L284 960 Z" fill="${trim}"/>`,
      `<path d="M284 920 L676 920 M284 932 L676 932" stroke="${stripe}" stroke-width="4" opacity="0.8"/>`,
      `<path d="M165 775 L248 793 L234 842 L148 822 Z M795 775 L712 793 L726 842 L812 822 Z" fill="${trim}"/>`,
      `<path d="M161 792 L244 810 M799 792 L716 810" stroke="${stripe}" stroke-width="4" opacity="0.8"/>`,
      // welt pockets
      `<path d="M340 690 L372 680 L396 800 L364 810 Z M620 690 L588 680 L564 800 L596 810 Z" fill="${t.inner}" opacity="0.55"/>`,
      `<path d="M340 690 L372 680 L396 800 L364 810 Z M620 690 L588 680 L564 800 L596 810 Z" ${seam(t.line, 2)}/>`,
      // sleeve utility pocket
      `<path d="M205 520 L258 532 L246 590 L193 578 Z" fill="#000" fill-opacity="0.06" stroke="${t.line}" stroke-width="2"/>`,
      `<path d="M208 528 L252 538" stroke="#b9bcc0" stroke-width="4"/>`,
    ].join(""),
    over: [
      `<path d="M398 300 C425 352 535 352 562 300" fill="none" stroke="${trim}" stroke-width="30"/>`,
      `<path d="M392 316 C425 364 535 364 568 316" stroke="${stripe}" stroke-width="4" fill="none" opacity="0.8"/>`,
      `<path d="M480 336 L480 952" stroke="${t.line}" stroke-width="7"/>`,
      `<path d="M480 336 L480 952" stroke="#c8ccd0" stroke-width="3" stroke-dasharray="3 4"/>`,
      `<rect x="472" y="372" width="16" height="40" rx="5" fill="#c8ccd0" stroke="#7d8288" stroke-width="2"/>`,
    ].join(""),
    floorY: 985,
    floorHalfWidth: 320,
  };
}

function drawJoggers(t: Tones): Drawing {
  return {
    parts: [
      "M335 235 L625 235 L640 330 Q660 640 648 935 L652 992 L532 992 L528 935 Q510 700 480 470 Q450 700 432 935 L428 992 L308 992 L312 935 Q300 640 320 330 Z",
    ],
    details: [
      `<path d="M330 235 L630 235 L634 292 L326 292 Z" fill="${t.deep}"/>`,
      ribs(326, 634, 238, 292, t.line, 10),
      `<path d="M326 292 L634 292" ${seam(t.line, 2.5)}/>`,
      `<path d="M308 938 L432 938 L428 992 L308 992 Z M528 938 L652 938 L652 992 L532 992 Z" fill="${t.deep}"/>`,
      ribs(306, 434, 938, 992, t.line, 9),
      ribs(526, 654, 938, 992, t.line, 9),
      `<path d="M336 300 Q372 380 340 450 M624 300 Q588 380 620 450" ${seam(t.line, 2.5)}/>`,
      `<path d="M480 292 L480 470" ${seam(t.line, 2)} opacity="0.5"/>`,
      `<path d="M380 560 Q400 700 376 880 M580 560 Q560 700 584 880 M420 700 Q450 760 440 830 M540 700 Q510 760 520 830" ${fold}/>`,
      `<path d="M352 520 Q366 700 348 900" ${foldLight}/>`,
    ].join(""),
    over: `<path d="M468 290 Q462 350 444 392 M492 290 Q498 350 516 392" fill="none" stroke="${t.contrast}" stroke-width="6" stroke-linecap="round"/>`,
    floorY: 1000,
    floorHalfWidth: 230,
  };
}

function drawJeans(t: Tones, denim: boolean): Drawing {
  const thread = denim ? "#d39a3a" : t.line;
  return {
    parts: ["M328 230 L632 230 L650 330 L672 992 L520 992 L480 486 L440 992 L288 992 L310 330 Z"],
    details: [
      `<path d="M326 230 L634 230 L638 278 L322 278 Z" fill="${t.deep}"/>`,
      `<path d="M322 278 L638 278" ${seam(t.line, 2.5)}/>`,
      `<path d="M326 244 L634 244 M324 266 L636 266" ${stitch(thread, 2)}/>`,
      `<path d="M406 278 Q398 346 316 364 M554 278 Q562 346 644 364" ${seam(t.line, 3)}/>`,
      `<path d="M398 286 Q390 350 318 374 M562 286 Q570 350 642 374" ${stitch(thread, 2)}/>`,
      `<path d="M574 290 L614 290 L616 330 L576 330 Z" ${stitch(thread, 2)}/>`,
      `<path d="M502 278 L502 410 Q500 442 476 454" ${stitch(thread, 2.2)}/>`,
      `<path d="M480 278 L480 486" ${seam(t.line, 2)} opacity="0.6"/>`,
      `<path d="M290 968 L440 968 M520 968 L670 968" ${stitch(thread, 2)}/>`,
      `<path d="M370 560 Q392 760 362 940 M590 560 Q570 760 600 940 M330 620 Q360 640 400 630 M560 640 Q600 650 630 634" ${fold}/>`,
      `<path d="M345 420 Q362 700 336 940 M615 420 Q598 700 624 940" ${foldLight}/>`,
    ].join(""),
    over: [
      `<circle cx="480" cy="254" r="11" fill="#c9ccd1" stroke="#6f747a" stroke-width="2"/>`,
      ...[352, 430, 530, 608].map(
        (x) =>
          `<rect x="${x - 6}" y="224" width="12" height="42" rx="3" fill="${t.deep}" stroke="${t.line}" stroke-width="2"/>`,
      ),
      `<circle cx="406" cy="284" r="4" fill="#c59a4a"/><circle cx="554" cy="284" r="4" fill="#c59a4a"/>`,
    ].join(""),
    floorY: 1000,
    floorHalfWidth: 250,
  };
}

function drawShorts(t: Tones): Drawing {
  return {
    scale: 1.18,
    parts: ["M330 360 L630 360 L650 450 L700 790 L522 818 L480 620 L438 818 L260 790 L310 450 Z"],
    details: [
      `<path d="M328 360 L632 360 L636 414 L324 414 Z" fill="${t.deep}"/>`,
      ribs(324, 636, 362, 414, t.line, 10),
      `<path d="M324 414 L636 414" ${seam(t.line, 2.5)}/>`,
      `<path d="M334 422 Q370 500 326 560 M626 422 Q590 500 634 560" ${seam(t.line, 2.5)}/>`,
      `<path d="M266 764 L440 790 M694 764 L520 790" ${stitch(t.line)}/>`,
      `<path d="M480 414 L480 620" ${seam(t.line, 2)} opacity="0.5"/>`,
      `<path d="M360 600 Q380 700 352 770 M600 600 Q580 700 608 770" ${fold}/>`,
      `<path d="M340 470 Q354 640 320 770" ${foldLight}/>`,
    ].join(""),
    over: `<path d="M468 410 Q462 470 444 512 M492 410 Q498 470 516 512" fill="none" stroke="${t.contrast}" stroke-width="6" stroke-linecap="round"/>`,
    floorY: 830,
    floorHalfWidth: 250,
  };
}

function drawKurta(t: Tones): Drawing {
  const gold = t.light ? "#7a2b2b" : "#e2c16b";
  let border = "";
  for (let x = 252; x <= 708; x += 24)
    border += `<path d="M${x} 1006 l9 -11 l9 11 l-9 11 Z" fill="${gold}" opacity="0.85"/>`;
  return {
    parts: [
      "M415 252 L330 274 Q275 287 255 332 L165 640 L250 668 L305 470 L292 800 L240 1040 Q480 1062 720 1040 L668 800 L655 470 L710 668 L795 640 L705 332 Q685 287 630 274 L545 252 Z",
    ],
    details: [
      `<path d="M236 980 Q480 1002 724 980 L730 1040 Q480 1062 230 1040 Z" fill="#000" fill-opacity="0.12"/>`,
      border,
      `<path d="M234 984 Q480 1006 726 984 M232 1030 Q480 1052 728 1030" fill="none" stroke="${gold}" stroke-width="3" opacity="0.85"/>`,
      `<path d="M172 615 L256 643 M788 615 L704 643" fill="none" stroke="${gold}" stroke-width="5" opacity="0.85"/>`,
      `<path d="M292 800 L284 900 M668 800 L676 900" ${seam(t.line, 3)}/>`,
      `<path d="M462 254 L498 254 L498 440 L462 440 Z" fill="#000" fill-opacity="0.06" stroke="${t.line}" stroke-width="2"/>`,
      `<path d="M340 520 Q360 760 320 960 M620 520 Q600 760 640 960 M430 600 Q440 800 420 960" ${fold}/>`,
      `<path d="M390 420 Q410 700 380 960" ${foldLight}/>`,
    ].join(""),
    over: [
      `<path d="M413 254 Q480 240 547 254 L547 224 Q480 210 413 224 Z" fill="${t.deep}" stroke="${t.line}" stroke-width="3"/>`,
      `<path d="M418 232 Q480 220 542 232" fill="none" stroke="${gold}" stroke-width="3" stroke-dasharray="4 5" opacity="0.9"/>`,
      ...[286, 326, 366, 406].map(
        (y) => `<circle cx="480" cy="${y}" r="6.5" fill="${gold}" stroke="${t.line}" stroke-width="1.5"/>`,
      ),
    ].join(""),
    floorY: 1070,
    floorHalfWidth: 300,
  };
}

function drawCap(t: Tones): Drawing {
  return {
    scale: 1.2,
    parts: ["M180 650 C170 430 330 360 450 364 C570 368 640 470 628 650 Q404 668 180 650 Z"],
    details: [
      `<path d="M446 366 Q488 500 482 660 M446 366 Q340 460 316 660 M446 366 Q590 430 600 560" ${seam(t.line, 2.5)}/>`,
      `<path d="M456 370 Q498 500 494 660 M436 370 Q476 500 470 660" ${stitch(t.line, 1.8)}/>`,
      `<circle cx="372" cy="452" r="6" fill="${t.inner}"/><circle cx="548" cy="448" r="6" fill="${t.inner}"/>`,
      `<path d="M210 560 Q230 450 320 400" ${foldLight}/>`,
      `<path d="M186 652 Q214 590 262 654 Z" fill="${t.inner}"/>`,
      `<path d="M180 628 Q404 646 628 628" ${stitch(t.line, 2)}/>`,
      `<path d="M520 480 L590 500 L582 560 L512 540 Z" fill="${t.contrast}" opacity="0.9"/>`,
      `<path d="M530 538 L550 500 L568 546" fill="none" stroke="${t.base}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    ].join(""),
    over: [
      `<path d="M596 616 Q712 596 812 646 Q820 668 790 676 Q690 682 600 668 Z" fill="${t.deep}" stroke="${t.line}" stroke-width="3"/>`,
      `<path d="M612 630 Q710 614 796 652 M610 648 Q706 636 784 664" ${stitch(t.line, 2)}/>`,
      `<path d="M600 668 Q690 682 790 676" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="5"/>`,
      `<circle cx="447" cy="364" r="12" fill="${t.deep}" stroke="${t.line}" stroke-width="2.5"/>`,
    ].join(""),
    floorY: 690,
    floorHalfWidth: 300,
  };
}

function drawTote(t: Tones): Drawing {
  const handle = (d: string, color: string): string =>
    `<path d="${d}" fill="none" stroke="${t.line}" stroke-width="34" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${color}" stroke-width="26" stroke-linecap="round"/><path d="${d}" ${stitch(t.line, 1.6)}/>`;
  return {
    behind: handle("M410 540 C410 300 550 300 550 540", t.deep),
    parts: ["M292 500 L668 500 L696 1000 Q480 1012 264 1000 Z"],
    details: [
      `<path d="M292 500 L668 500 L670 540 L290 540 Z" fill="#000" fill-opacity="0.07"/>`,
      `<path d="M290 544 L670 544" ${stitch(t.line, 2)}/>`,
      `<path d="M268 978 Q480 990 692 978" ${stitch(t.line, 2)}/>`,
      // printed emblem
      `<circle cx="480" cy="760" r="92" fill="none" stroke="${t.contrast}" stroke-width="7" opacity="0.85"/>`,
      `<path d="M408 760 q18 -18 36 0 t36 0 t36 0 t36 0 M418 792 q16 -16 31 0 t31 0 t31 0 t31 0" fill="none" stroke="${t.contrast}" stroke-width="6" stroke-linecap="round" opacity="0.85"/>`,
      `<circle cx="480" cy="718" r="22" fill="${t.contrast}" opacity="0.85"/>`,
      `<path d="M330 600 Q350 800 320 980 M630 600 Q612 800 640 980" ${fold}/>`,
    ].join(""),
    over: [
      handle("M372 520 C372 250 588 250 588 520", t.base),
      `<rect x="352" y="500" width="40" height="62" fill="${t.base}" stroke="${t.line}" stroke-width="2"/><rect x="568" y="500" width="40" height="62" fill="${t.base}" stroke="${t.line}" stroke-width="2"/>`,
      `<path d="M358 508 L386 554 M386 508 L358 554 M574 508 L602 554 M602 508 L574 554" ${stitch(t.line, 1.6)}/>`,
    ].join(""),
    floorY: 1006,
    floorHalfWidth: 240,
  };
}

function drawMug(t: Tones): Drawing {
  const handle = "M614 560 C752 560 752 812 614 812";
  return {
    parts: ["M300 470 L612 470 L612 888 Q612 932 568 932 L344 932 Q300 932 300 888 Z"],
    details: [
      `<rect x="328" y="500" width="26" height="400" rx="13" fill="#fff" opacity="0.28"/>`,
      `<rect x="566" y="500" width="20" height="400" rx="10" fill="#000" opacity="0.10"/>`,
      `<circle cx="456" cy="700" r="74" fill="none" stroke="${t.contrast}" stroke-width="6" opacity="0.8"/>`,
      `<path d="M420 716 L456 668 L492 716 M432 700 L480 700" fill="none" stroke="${t.contrast}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" opacity="0.8"/>`,
    ].join(""),
    over: [
      `<path d="${handle}" fill="none" stroke="${t.line}" stroke-width="50" stroke-linecap="round"/>`,
      `<path d="${handle}" fill="none" stroke="${t.base}" stroke-width="42" stroke-linecap="round"/>`,
      `<path d="M628 584 C724 590 724 782 628 788" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="8" stroke-linecap="round"/>`,
      `<ellipse cx="456" cy="470" rx="156" ry="30" fill="${t.line}"/>`,
      `<ellipse cx="456" cy="472" rx="142" ry="23" fill="${t.inner}"/>`,
      `<ellipse cx="456" cy="470" rx="156" ry="30" fill="none" stroke="${shade(t.base, 0.25)}" stroke-width="3"/>`,
    ].join(""),
    floorY: 940,
    floorHalfWidth: 230,
  };
}

function drawPoster(t: Tones): Drawing {
  const sky = t.base;
  const sun = t.light ? shade(t.base, -0.35) : shade(t.base, 0.55);
  const hill1 = t.light ? shade(t.base, -0.2) : shade(t.base, -0.3);
  const hill2 = t.light ? shade(t.base, -0.45) : shade(t.base, -0.55);
  return {
    parts: ["M270 200 L690 200 L690 1000 L270 1000 Z"],
    details: [
      `<rect x="270" y="200" width="420" height="800" fill="#fbfaf6"/>`,
      `<rect x="302" y="232" width="356" height="620" fill="${sky}"/>`,
      `<circle cx="540" cy="430" r="86" fill="${sun}"/>`,
      `<path d="M302 700 Q400 560 520 660 T658 620 L658 852 L302 852 Z" fill="${hill1}"/>`,
      `<path d="M302 780 Q420 690 540 770 T658 750 L658 852 L302 852 Z" fill="${hill2}"/>`,
      `<rect x="302" y="884" width="150" height="14" rx="3" fill="#2b2b2b" opacity="0.75"/>`,
      `<rect x="302" y="910" width="230" height="9" rx="3" fill="#8b8b8b" opacity="0.6"/>`,
      `<rect x="302" y="928" width="190" height="9" rx="3" fill="#8b8b8b" opacity="0.6"/>`,
      `<rect x="270" y="200" width="420" height="800" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`,
    ].join(""),
    over: [
      `<path d="M480 120 L430 206 M480 120 L530 206" stroke="#6b6b6b" stroke-width="3" fill="none"/>`,
      `<circle cx="480" cy="118" r="8" fill="#555"/>`,
      `<rect x="412" y="188" width="136" height="32" rx="6" fill="#2d2d2f"/>`,
      `<rect x="420" y="194" width="120" height="8" rx="3" fill="#fff" opacity="0.18"/>`,
    ].join(""),
    floorY: 0,
    floorHalfWidth: 0,
  };
}

function drawSneaker(t: Tones): Drawing {
  const sole = "#f1eee8";
  const lace = t.light ? shade(t.base, -0.5) : "#f4f1ea";
  let laces = "";
  for (let i = 0; i < 5; i++) {
    const x = 438 + i * 36;
    const y = 514 + i * 20;
    laces += `<circle cx="${x - 6}" cy="${y + 13}" r="4.5" fill="${t.inner}"/>`;
    laces += `<path d="M${x - 14} ${y + 10} L${x + 8} ${y - 14}" stroke="${lace}" stroke-width="8" stroke-linecap="round"/>`;
  }
  return {
    scale: 1.1,
    parts: [
      "M185 745 L188 610 Q190 570 220 568 Q262 572 296 602 Q326 566 346 524 L366 490 Q390 472 416 484 L424 500 L600 598 Q764 616 800 688 Q812 718 806 745 Z",
    ],
    details: [
      // heel counter, toe cap, mudguard and the eyelet stay
      `<path d="M185 745 L188 610 Q190 574 214 572 Q250 650 252 745 Z" fill="${t.deep}"/>`,
      `<path d="M252 745 Q250 650 214 572" ${stitch(t.line, 2)}/>`,
      `<path d="M668 606 Q770 622 800 688 Q812 718 806 745 L690 745 Q660 680 668 606 Z" fill="#fff" fill-opacity="0.16"/>`,
      `<path d="M668 606 Q660 680 690 745" ${seam(t.line, 2)}/>`,
      `<path d="M230 745 Q236 700 300 694 L640 694 Q730 694 760 745 Z" fill="${t.deep}"/>`,
      `<path d="M240 740 Q246 708 300 704 L640 704 Q718 704 748 740" ${stitch(t.line, 2)}/>`,
      `<path d="M424 500 L600 598 L588 628 L404 530 Z" fill="${t.deep}"/>`,
      `<path d="M404 530 L588 628" ${stitch(t.line, 2)}/>`,
      `<circle cx="340" cy="648" r="24" fill="${t.contrast}" opacity="0.9"/>`,
      `<path d="M328 658 L340 636 L352 658" fill="none" stroke="${t.base}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M222 572 Q262 578 294 606" fill="none" stroke="${t.inner}" stroke-width="12" stroke-linecap="round"/>`,
      `<path d="M360 560 Q480 600 620 640" ${foldLight}/>`,
    ].join(""),
    over: [
      `<path d="M174 742 L812 742 Q826 786 796 806 L200 806 Q164 796 174 742 Z" fill="${sole}" stroke="#cfc9bf" stroke-width="2.5"/>`,
      `<path d="M178 784 Q480 794 820 782" fill="none" stroke="#b9b2a6" stroke-width="3"/>`,
      `<path d="M184 760 L806 760" ${stitch("#b9b2a6", 2)}/>`,
      `<path d="M346 524 L366 490 Q390 472 416 484 L430 510 Q400 500 376 512 Z" fill="${t.deep}" stroke="${t.line}" stroke-width="2"/>`,
      laces,
    ].join(""),
    floorY: 808,
    floorHalfWidth: 330,
  };
}

function drawing(kind: SilhouetteKind, hex: string, colorName: string): Drawing {
  const t = tones(hex);
  switch (kind) {
    case "tshirt":
      return drawTshirt(t);
    case "hoodie":
      return drawHoodie(t);
    case "sweatshirt":
      return drawSweatshirt(t);
    case "jacket":
      return drawJacket(t);
    case "joggers":
      return drawJoggers(t);
    case "jeans":
      return drawJeans(t, /indigo|navy|blue|denim/i.test(colorName));
    case "shorts":
      return drawShorts(t);
    case "kurta":
      return drawKurta(t);
    case "cap":
      return drawCap(t);
    case "tote":
      return drawTote(t);
    case "mug":
      return drawMug(t);
    case "poster":
      return drawPoster(t);
    case "sneaker":
      return drawSneaker(t);
  }
}

/** Vertical offsets that centre each silhouette in the 4:5 frame. */
const frameOffset: Record<SilhouetteKind, number> = {
  tshirt: 0,
  hoodie: 0,
  sweatshirt: 0,
  jacket: 0,
  joggers: -10,
  jeans: -10,
  shorts: -10,
  kurta: -50,
  cap: 80,
  tote: -60,
  mug: -70,
  poster: 0,
  sneaker: -40,
};

/** The silhouette as an SVG group; `id` keeps clip paths unique within one document. */
export function silhouette(kind: SilhouetteKind, color: Swatch, id: string): string {
  const d = drawing(kind, color.hex, color.name);
  const t = tones(color.hex);
  const outline = `stroke="${t.line}" stroke-width="3" stroke-linejoin="round"`;
  const filled = d.parts.map((p) => `<path d="${p}" fill="${t.base}" ${outline}/>`).join("");
  const clip = d.parts.map((p) => `<path d="${p}"/>`).join("");
  // Soft shadows without SVG filters (blurs are what makes librsvg slow): the floor
  // shadow is a radial gradient, the cast shadow a few offset, widening translucent copies.
  const cast = [36, 18, 0]
    .map((width, index) => {
      const stroke = width > 0 ? ` stroke="#000" stroke-width="${width}" stroke-linejoin="round"` : "";
      return `<g opacity="${[0.035, 0.045, 0.07][index]}" fill="#000"${stroke}>${clip}</g>`;
    })
    .join("");
  const body = [
    `<defs><clipPath id="${id}-clip">${clip}</clipPath></defs>`,
    d.floorHalfWidth > 0
      ? `<ellipse cx="480" cy="${d.floorY + 4}" rx="${d.floorHalfWidth * 1.08}" ry="34" fill="url(#floor)"/>`
      : "",
    `<g transform="translate(10 16)">${cast}</g>`,
    d.behind ?? "",
    filled,
    `<g clip-path="url(#${id}-clip)">`,
    `<rect x="0" y="0" width="960" height="1200" fill="url(#shade-x)"/>`,
    `<rect x="0" y="0" width="960" height="1200" fill="url(#shade-y)"/>`,
    d.details ?? "",
    `</g>`,
    d.over ?? "",
  ].join("");
  const scale = d.scale ? ` translate(480 600) scale(${d.scale}) translate(-480 -600)` : "";
  return `<g transform="translate(0 ${frameOffset[kind]})${scale}">${body}</g>`;
}

/** Shared gradients and filters (a document uses them for every silhouette it holds). */
function sharedDefs(): string {
  return [
    `<linearGradient id="shade-x" x1="0" y1="0" x2="1" y2="0" gradientUnits="userSpaceOnUse" gradientTransform="matrix(960 0 0 1 0 0)">`,
    `<stop offset="0.12" stop-color="#000" stop-opacity="0.22"/><stop offset="0.33" stop-color="#000" stop-opacity="0.02"/>`,
    `<stop offset="0.45" stop-color="#fff" stop-opacity="0.10"/><stop offset="0.66" stop-color="#000" stop-opacity="0.03"/>`,
    `<stop offset="0.88" stop-color="#000" stop-opacity="0.24"/></linearGradient>`,
    `<linearGradient id="shade-y" x1="0" y1="0" x2="0" y2="1200" gradientUnits="userSpaceOnUse">`,
    `<stop offset="0.15" stop-color="#fff" stop-opacity="0.10"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset="0.9" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.3"/>`,
    `<stop offset="0.55" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  ].join("");
}

function backdrop(width: number, height: number, top: string, bottom: string, glowOpacity = 0.55): string {
  return [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="${glowOpacity}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="url(#glow)"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------
// Documents

/** A 960×1200 studio shot of one product type in one color. */
export function productShotSvg(kind: SilhouetteKind, color: Swatch): string {
  const pale = luminance(color.hex) > 0.55;
  const [top, bottom] = pale ? ["#e9ebee", "#cfd3d9"] : ["#f7f4ef", "#e3ddd3"];
  const { width, height } = PRODUCT_SHOT;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${sharedDefs()}</defs>`,
    backdrop(width, height, top, bottom),
    `<path d="M0 ${height * 0.84} Q${width / 2} ${height * 0.81} ${width} ${height * 0.84} L${width} ${height} L0 ${height} Z" fill="#000" opacity="0.025"/>`,
    silhouette(kind, color, "p"),
    `<text x="${width / 2}" y="${height - 44}" text-anchor="middle" font-family="sans-serif" font-size="20" letter-spacing="9" fill="#000" fill-opacity="0.32">ATELIER</text>`,
    `</svg>`,
  ].join("");
}

export interface TileItem {
  kind: SilhouetteKind;
  color: Swatch;
}

/** A 960×1200 category tile: a tinted backdrop with two or three pieces of the range. */
export function categoryTileSvg(options: { background: [string, string]; items: TileItem[] }): string {
  const { width, height } = CATEGORY_TILE;
  const [top, bottom] = options.background;
  const layouts: [number, number, number][][] = [
    [[480, 600, 0.92]],
    [
      [340, 570, 0.66],
      [620, 760, 0.66],
    ],
    [
      [310, 500, 0.56],
      [650, 560, 0.56],
      [480, 850, 0.56],
    ],
  ];
  const layout = layouts[Math.min(options.items.length, 3) - 1] ?? [];
  const pieces = options.items.slice(0, 3).map((item, index) => {
    const [cx, cy, scale] = layout[index] ?? [480, 600, 0.6];
    return `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(-480 -600)">${silhouette(item.kind, item.color, `c${index}`)}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${sharedDefs()}</defs>`,
    backdrop(width, height, top, bottom, 0.35),
    `<circle cx="${width * 0.72}" cy="${height * 0.26}" r="250" fill="#fff" opacity="0.16"/>`,
    `<circle cx="${width * 0.2}" cy="${height * 0.86}" r="180" fill="#000" opacity="0.05"/>`,
    ...pieces,
    `</svg>`,
  ].join("");
}

export type SeriesMotif = "rain" | "neon" | "weave" | "grid" | "waves" | "blobs" | "peaks";

function motif(kind: SeriesMotif, accent: string): string {
  const { width, height } = SERIES_BANNER;
  const parts: string[] = [];
  switch (kind) {
    case "rain":
      for (let i = 0; i < 46; i++) {
        const x = (i * 97) % width;
        const y = (i * 211) % height;
        parts.push(
          `<path d="M${x} ${y} l-26 78" stroke="${accent}" stroke-width="4" stroke-linecap="round" opacity="0.35"/>`,
        );
      }
      break;
    case "neon":
      for (let i = 0; i < 5; i++) {
        parts.push(
          `<circle cx="${260 + i * 60}" cy="${450}" r="${120 + i * 70}" fill="none" stroke="${accent}" stroke-width="${6 - i}" opacity="${0.55 - i * 0.08}"/>`,
        );
      }
      break;
    case "weave":
      for (let x = 0; x < width; x += 80)
        parts.push(`<rect x="${x}" y="0" width="28" height="${height}" fill="${accent}" opacity="0.13"/>`);
      for (let y = 0; y < height; y += 80)
        parts.push(`<rect x="0" y="${y}" width="${width}" height="28" fill="${accent}" opacity="0.13"/>`);
      break;
    case "grid":
      for (let x = 100; x < width; x += 100)
        parts.push(`<path d="M${x} 0V${height}" stroke="${accent}" stroke-width="1.5" opacity="0.35"/>`);
      for (let y = 100; y < height; y += 100)
        parts.push(`<path d="M0 ${y}H${width}" stroke="${accent}" stroke-width="1.5" opacity="0.35"/>`);
      break;
    case "waves":
      for (let i = 0; i < 7; i++) {
        const y = 520 + i * 60;
        parts.push(
          `<path d="M0 ${y} q100 -40 200 0 t200 0 t200 0 t200 0 t200 0 t200 0 t200 0 t200 0" fill="none" stroke="${accent}" stroke-width="6" opacity="${0.45 - i * 0.05}"/>`,
        );
      }
      break;
    case "blobs":
      parts.push(
        `<path d="M120 180 C260 60 520 140 500 320 C480 500 220 520 140 420 C60 320 40 260 120 180 Z" fill="${accent}" opacity="0.5"/>`,
      );
      parts.push(
        `<path d="M380 560 C520 480 700 560 660 700 C620 840 420 860 360 760 C320 690 300 610 380 560 Z" fill="#fff" opacity="0.22"/>`,
      );
      parts.push(`<circle cx="720" cy="200" r="70" fill="${accent}" opacity="0.35"/>`);
      break;
    case "peaks":
      parts.push(
        `<path d="M0 720 L240 430 L400 600 L620 330 L900 700 L1100 480 L1400 760 L1600 560 L1600 900 L0 900 Z" fill="${accent}" opacity="0.28"/>`,
      );
      parts.push(
        `<path d="M0 800 L300 610 L520 760 L760 560 L1040 800 L1300 650 L1600 820 L1600 900 L0 900 Z" fill="${accent}" opacity="0.32"/>`,
      );
      break;
  }
  return parts.join("");
}

/** A 1600×900 series banner: the series' colors and motif, its pieces on the right. */
export function seriesBannerSvg(options: {
  background: [string, string];
  accent: string;
  motif: SeriesMotif;
  items: TileItem[];
}): string {
  const { width, height, renderWidth, renderHeight } = SERIES_BANNER;
  const [from, to] = options.background;
  const slots: [number, number, number][] = [
    [985, 460, 0.6],
    [1370, 440, 0.6],
    [1180, 570, 0.5],
  ];
  const pieces = options.items.slice(0, 3).map((item, index) => {
    const [cx, cy, scale] = slots[index] ?? [1200, 450, 0.5];
    return `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(-480 -600)">${silhouette(item.kind, item.color, `s${index}`)}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${renderWidth}" height="${renderHeight}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${sharedDefs()}<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="spot" cx="0.74" cy="0.5" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    motif(options.motif, options.accent),
    `<rect width="${width}" height="${height}" fill="url(#spot)"/>`,
    ...pieces,
    `</svg>`,
  ].join("");
}

export function svgBuffer(svg: string): Buffer {
  return Buffer.from(svg, "utf8");
}
