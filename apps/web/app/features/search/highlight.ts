/**
 * Splits a product name into plain and matched parts for the results page's <mark>.
 * The server's `terms` are normalised (lower case, no accents), so the name is compared
 * the same way, character by character, and the parts keep the name's own spelling.
 */
export interface NamePart {
  text: string;
  match: boolean;
}

/** One character of the name as the search engine sees it: lower case, accents dropped. */
function fold(char: string): string {
  return char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function highlightParts(name: string, terms: readonly string[]): NamePart[] {
  const wanted = [...new Set(terms.map((term) => term.trim().toLowerCase()).filter((term) => term.length > 0))];
  if (wanted.length === 0 || name.length === 0) return name ? [{ text: name, match: false }] : [];
  // The folded name, and for each of its UTF-16 units the index in the original name.
  const chars = Array.from(name);
  let folded = "";
  const origin: number[] = [];
  let offset = 0;
  for (const char of chars) {
    const units = fold(char);
    folded += units;
    for (let unit = 0; unit < units.length; unit++) origin.push(offset);
    offset += char.length;
  }
  origin.push(name.length);
  const marked = new Array<boolean>(name.length).fill(false);
  for (const term of wanted) {
    let from = 0;
    for (;;) {
      const at = folded.indexOf(term, from);
      if (at < 0) break;
      const start = origin[at] ?? name.length;
      const end = origin[at + term.length] ?? name.length;
      for (let index = start; index < end; index++) marked[index] = true;
      from = at + Math.max(1, term.length);
    }
  }
  const parts: NamePart[] = [];
  for (let index = 0; index < name.length; index++) {
    const match = marked[index] ?? false;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += name[index];
    else parts.push({ text: name[index] ?? "", match });
  }
  return parts;
}
