/**
 * The search box's states (spec section 4): empty, typing (before the 300 ms debounce
 * fires), loading ('Searching...'), then a results list or 'No products found'.
 * Clearing the text empties the suggestions. An answer counts only when it is for the
 * query last sent, so a slow answer for "ho" never replaces the one for "hoodie".
 */
import type { SearchSuggestion } from "@atelier/contract";
import { searchLimits } from "@atelier/contract/constants";

export type SuggestStatus = "empty" | "typing" | "loading" | "results" | "none";

export interface SuggestState {
  text: string;
  status: SuggestStatus;
  /** The query sent last; only its answer is taken. */
  pending: string;
  items: SearchSuggestion[];
  /** The highlighted suggestion (-1: none). */
  active: number;
  /** Whether the popup may show (Escape and an outside click close it; typing opens it). */
  open: boolean;
}

export type SuggestAction =
  | { type: "input"; text: string }
  | { type: "send"; query: string }
  | { type: "answer"; query: string; items: SearchSuggestion[] }
  | { type: "move"; by: 1 | -1 }
  | { type: "close" }
  | { type: "open" }
  /** The text without asking for suggestions (the results page's query in the box). */
  | { type: "reset"; text: string };

export const initialSuggestState: SuggestState = {
  text: "",
  status: "empty",
  pending: "",
  items: [],
  active: -1,
  open: false,
};

/** What is sent as `q`: trimmed and cut to the contract's length ("" means do not send). */
export function suggestQuery(text: string): string {
  return text.trim().slice(0, searchLimits.maxQueryChars).trim();
}

export function suggestReducer(state: SuggestState, action: SuggestAction): SuggestState {
  switch (action.type) {
    case "input": {
      if (suggestQuery(action.text) === "") return { ...initialSuggestState, text: action.text };
      return { ...state, text: action.text, status: "typing", active: -1, open: true };
    }
    case "send":
      if (action.query !== suggestQuery(state.text)) return state;
      return { ...state, status: "loading", pending: action.query, active: -1 };
    case "answer":
      if (state.status !== "loading" || action.query !== state.pending) return state;
      return {
        ...state,
        status: action.items.length > 0 ? "results" : "none",
        items: action.items.slice(0, searchLimits.suggestions),
        active: -1,
      };
    case "move": {
      const count = state.items.length;
      if (state.status !== "results" || count === 0) return state;
      if (!state.open) return { ...state, open: true, active: action.by === 1 ? 0 : count - 1 };
      const next = state.active + action.by;
      return { ...state, active: next < 0 ? count - 1 : next >= count ? 0 : next };
    }
    case "close":
      return state.open ? { ...state, open: false, active: -1 } : state;
    case "open":
      return state.status === "empty" || state.open ? state : { ...state, open: true };
    case "reset":
      return { ...initialSuggestState, text: action.text };
  }
}

/** Whether the suggestion list (role=listbox) is showing: aria-expanded on the input. */
export function listShown(state: SuggestState): boolean {
  return state.open && state.items.length > 0 && (state.status === "results" || state.status === "typing");
}

/** What the polite live region says. */
export function announcement(state: SuggestState): string {
  if (state.status === "loading") return "Searching...";
  if (state.status === "none") return "No products found";
  if (state.status === "results") {
    const n = state.items.length;
    return `${n} ${n === 1 ? "suggestion" : "suggestions"}, use the up and down arrows to choose`;
  }
  return "";
}

/** The id of a suggestion's option element, which the combobox names as its active descendant. */
export function suggestionOptionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}
