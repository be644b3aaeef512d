// The globals the play-along page's scripts share, for the type check (tsconfig.json): in a
// page each script is inlined in turn (page.py's SCRIPTS), and the rules' scripts, modules in
// Node, define a global each; the page hands what its scripts share on through window.
declare const PlaybookChance: typeof import("./page-chance.js");
declare const PlaybookTrain: typeof import("./page-train-rules.js");
declare const PlaybookRules: typeof import("./page-rules.js");

interface Window {
  /** The decoded rules of the plan shown and what the page's scripts share (page-plan.js,
      page.js, page-board.js, page-store.js, page-train.js), set by page-plan.js first;
      undefined where it refused the page's data (of another layout). */
  playbookPage?: Page;
  /** The drill's cards, for the tests (page-drill.js): id, kind and answer each. */
  playbookDrill: { cards: () => [string, string, string[]][] };
  /** The drill's schedule, for the tests (page-drill.js). */
  playbookFsrs: { fsrs: typeof PlaybookTrain.fsrs; recall: typeof PlaybookTrain.recall };
  /** A button that acts on a second tap (page-store.js). */
  playbookConfirmed: (button: HTMLElement, act: () => void) => void;
}
