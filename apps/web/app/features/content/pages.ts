/** The copy of the footer's content pages. */
import type { ContentSlug } from "../../lib/paths.ts";

export interface ContentPage {
  title: string;
  intro: string;
  sections: { heading: string; body: string[] }[];
}

export const contentPages: Record<ContentSlug, ContentPage> = {
  careers: {
    title: "Careers",
    intro: "We are a small team of designers, printers and engineers who care about clothes that last.",
    sections: [
      {
        heading: "How we work",
        body: [
          "Our studio and print workshop sit under one roof, so ideas go from sketch to sample in days, not months.",
          "We hire for curiosity and care. Everyone spends a day in the workshop in their first month.",
        ],
      },
      {
        heading: "Open roles",
        body: [
          "We are not hiring for a specific role right now. Send a short note about yourself and your work to careers@atelier.example and we will keep it on file for the next opening.",
        ],
      },
    ],
  },
  press: {
    title: "Press",
    intro: "News, collaborations and images for journalists and creators.",
    sections: [
      {
        heading: "Press kit",
        body: [
          "Our logo, series lookbooks and founder photos are available on request in print resolution.",
          "For interviews, collab announcements and samples, write to press@atelier.example; we answer within two working days.",
        ],
      },
    ],
  },
  showrooms: {
    title: "Showrooms",
    intro: "Try our series on before you buy: visit our headquarters or one of our display centers.",
    sections: [
      {
        heading: "What you will find",
        body: [
          "Every current series in all sizes, the fabric library and our customization desk, where we help you plan team and event orders.",
          "Addresses and opening hours are listed at the bottom of every page. Appointments are welcome but not required.",
        ],
      },
    ],
  },
  help: {
    title: "Help centre",
    intro: "Answers to the questions we hear most often.",
    sections: [
      {
        heading: "Orders",
        body: [
          "You can follow every order on the My orders page. We send an email when your order is confirmed, packed and shipped.",
          "Need to change something? Contact us as soon as possible: orders can be changed until they are packed.",
        ],
      },
      {
        heading: "Sizing",
        body: [
          "Each product page has a size chart measured on the garment itself. Between two sizes, we suggest the larger one for oversized fits.",
        ],
      },
      {
        heading: "Still stuck?",
        body: ["Write to us from the Contact page and a real person will answer within one working day."],
      },
    ],
  },
  "affiliate-faq": {
    title: "Affiliate FAQ",
    intro: "Creators and communities can earn a commission on every order they refer.",
    sections: [
      {
        heading: "How does it work?",
        body: [
          "Once approved, you get a personal link and coupon code. Orders placed through them earn you a commission after the return window closes.",
        ],
      },
      {
        heading: "Who can join?",
        body: [
          "Anyone with an audience that cares about design: artists, clubs, teams and influencers. Our Influencer Collabs go further with series designed together.",
        ],
      },
    ],
  },
  shipping: {
    title: "Shipping",
    intro: "We pack every order in our own workshop, in recycled and recyclable materials.",
    sections: [
      {
        heading: "Delivery times",
        body: [
          "In-stock orders leave the workshop within two working days. Delivery inside the city usually takes one to two days; elsewhere three to five.",
          "Custom and print-on-demand items take five to seven working days before they ship.",
        ],
      },
      {
        heading: "Delivery fees",
        body: ["Fees depend on your delivery zone and are shown in your cart and at checkout before you pay."],
      },
    ],
  },
  returns: {
    title: "Returns",
    intro: "Changed your mind? Return unworn items within 14 days of delivery.",
    sections: [
      {
        heading: "How to return",
        body: [
          "Open the order on My orders and request a return, choosing the items and a reason. We will send instructions by email.",
          "Once we receive the items we check them and refund the original payment method within five working days.",
        ],
      },
      {
        heading: "Exceptions",
        body: ["Customized items and opened hygiene products cannot be returned unless they arrive faulty."],
      },
    ],
  },
  terms: {
    title: "Terms of service",
    intro: "The rules that apply when you shop with us.",
    sections: [
      {
        heading: "Orders and prices",
        body: [
          "Prices include tax where shown. An order is a contract once we confirm it by email; we may cancel an order for items that turn out to be out of stock and refund you in full.",
        ],
      },
      {
        heading: "Your account",
        body: ["Keep your password to yourself. You are responsible for orders placed with your account."],
      },
    ],
  },
  privacy: {
    title: "Privacy policy",
    intro: "We collect only what we need to run the shop, and we never sell your data.",
    sections: [
      {
        heading: "What we keep",
        body: [
          "Your name, contact details, addresses and orders, to deliver what you buy and to help you when you ask.",
          "You can ask for a copy of your data or for its deletion at any time from the Contact page.",
        ],
      },
    ],
  },
  cookies: {
    title: "Cookie policy",
    intro: "We use as few cookies as we can.",
    sections: [
      {
        heading: "Cookies we use",
        body: [
          "A session cookie keeps you signed in, and local storage remembers your guest identity, cart and wishlist on this device.",
          "We do not use advertising or tracking cookies.",
        ],
      },
    ],
  },
};
