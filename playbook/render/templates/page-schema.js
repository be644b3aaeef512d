// @ts-check
/* The types of the play-along page's scripts (made by the page renderer of the render
   package): the page's data as the renderer writes it, and the plan as the rules decode it.
   Types only, nothing runs: the page does not inline this file (it is no script of
   page.py's SCRIPTS); the type check reads it (tsc --checkJs, tsconfig.json), and so does
   tests/render/test_page_schema.py, which holds PageData equal to Python's. */

/** The page's data, as page_data (playbook/render/page.py) writes it: the TypedDict PageData of
   playbook/render/page_schema.py, property for property (tests/render/test_page_schema.py holds the
   two the same); its version (v) names its layout, which page-rules.js checks.

   @typedef {Object} PageData
   @property {number} v the layout of the data (DATA_VERSION)
   @property {string} name the plan's name
   @property {string} rule the game's feedback rule in the browser ("marks")
   @property {number} length letters a word
   @property {number} turns turns a game
   @property {boolean} early the rule of early tries (the openings stop where the words left fit)
   @property {string} limitName what the turns are called
   @property {number} solved the feedback code of the word found
   @property {number} keyWidth base-36 digits of each block's code in a row's key
   @property {Object<string, number>} typed the marks a person may type, by character
   @property {string} skip the characters typed feedback leaves out
   @property {string[]} shown the symbol of each mark (absent, wrong place, right place)
   @property {string} pool the guess pool: "all", or "revealed" (each starts with the revealed letter)
   @property {boolean} hard hard mode (a move fits the feedback so far)
   @property {string} revealed which letter is revealed: "first" or "none"
   @property {string} ij IJ's character in the list's words ("" where none)
   @property {string[]} apart words whose i and j are two letters (bi-jou)
   @property {string} words the answers in list order, then every other word the plans play, spaced
   @property {number} answers how many of the words are answers
   @property {Object<string, string>} spelled words as written, where the list writes them otherwise
   @property {number[] | null} weight log10 of each word's weight (null: no model for the language)
   @property {boolean} rare a plan for a part of the list: a rarer word falls back to the words that fit
   @property {boolean} offTree a whole tree: off it, the best move for the words still possible
   @property {number[] | null} likely the chance of each guess that is no answer of being the pick (hundred-thousandths, list order; null: none)
   @property {GroupData[]} groups each group's plan
   @property {number} small a letter of at most this many words and no openings: the card prints them
   @property {string} [guesses] the guess list in its order, spaced
   @property {string} [guessesExtra] the guesses that are no answers, spaced (merged with the answers)
   @property {Object<string, string | string[]>} [messages] the page's words in its language
   @property {string} [decimal] the language's decimal sign
   @property {string} [group] the language's sign between groups of three digits
   @property {PageHead} [head] the plan's words above the game, on a page of several plans */
/** One group's plan in the data (page.py's GroupData).
   @typedef {Object} GroupData
   @property {string} g the group ("*": every word)
   @property {string} label its name as the terminal writes it
   @property {number[][]} w its words: [start, end) ranges of indexes into the words
   @property {number[]} o the openings
   @property {RowData[] | null} t the table
   @property {number[]} u the words not guaranteed
   @property {number | null} avg the average turns (null: not measured)
   @property {number | null} worst
   @property {number} fail words not found in time */
/** A row of a table in the data: its key (each block's code in base 36, keyWidth digits
   each; "*": any other feedback; "!" and the feedback: a row the walk never matches) and what
   it says: try these words, "all" (every word still possible), or play a move ({m}) and look
   its feedback up in its own table ({t}).
   @typedef {[string, NodeData]} RowData
   @typedef {"all" | number[] | {m: number, t: RowData[] | null}} NodeData
   @typedef {{title: string, description: string, rules: string, pool: string, tab: string}} PageHead */
/** The plan decoded: a table's rows (by key too), a row's node (words to try, null for every
   word still possible; or a move and its own table), a group, a move played with its
   feedback code, where the walk is (the row, the words its key's blocks belong to, the key,
   the move whose table it is), the playbook's move (what kind, where in the plan) or its
   stop.
   @typedef {{rows: Row[], byKey: Map<string, Row>}} Table
   @typedef {{key: string, node: PlanNode}} Row
   @typedef {{words: string[] | null, move?: undefined, table?: undefined} | {move: string, table: Table | null, words?: undefined}} PlanNode
   @typedef {{name: string, label: string, words: string[], wordSet: Set<string>, openings: string[], table: Table | null, unguaranteed: Set<string>, avg: number | null, worst: number | null, fail: number}} Group
   @typedef {[string, number]} Played
   @typedef {{row: Row, movers: string[], key: string, owner: string | null}} At
   @typedef {{word: string, kind: string, index?: number, count?: number, row?: Row | null, all?: boolean, early?: boolean, tried?: string[], at?: At | null, stop?: undefined}} Move
   @typedef {{stop: string, row: At | null, word?: undefined}} Stop
   @typedef {Omit<Move, "stop"> & {stop?: string}} Entry a move to enter: the plan's, or one off it (the rule's says why the plan stopped)
   @typedef {{group: Group, history: Played[], row: At | null}} Walk
   @typedef {Generator<Move, string, Played>} Moves
   @typedef {ReturnType<typeof PlaybookRules.decode>} Rules the rules of one page, decoded */
/** What the page's scripts share (window.playbookPage): the decoded rules (page-plan.js); the
    game followed and its drawing (page.js); the words left, the table's rows, the search and
    the take-over (page-board.js); what is kept on the device (page-store.js); the practice
    game's letter names (page-train.js) and the drill (page-drill.js).
   @typedef {Object} Page
   @property {Rules} R
   @property {<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, content?: string) => HTMLElementTagNameMap[K]} el
   @property {(word: string, marks: number[], onTap: ((i: number) => void) | null) => HTMLElement} tiles
   @property {Rules["feedback"]} feedback
   @property {Rules["nextMove"]} nextMove
   @property {Group[]} groups
   @property {Rules["fmt"]} fmt
   @property {Rules["possible"]} possible
   @property {State} S
   @property {() => void} draw
   @property {() => string} marksHelp
   @property {() => string[]} left
   @property {(w: string) => void} choose
   @property {() => void} drawLeft
   @property {(row: Row, movers: string[], move: Entry | null) => HTMLElement} rowView
   @property {() => void} find
   @property {() => void} takeOver
   @property {(what: string, empty: Record<string, any>) => Record<string, any>} load what is kept under a name (`empty` where nothing is)
   @property {(what: string, value: unknown) => void} save
   @property {boolean} kept whether the browser keeps what is saved (else: this visit only)
   @property {() => string} aside
   @property {(what: string | string[], reset: HTMLElement, undo: HTMLElement, redraw: () => void, onErase?: () => void) => void} erasable
   @property {(g: Group) => string} letterOf
   @property {() => void} enterDrill */
/** The game followed (page.js): the group (null until a letter is picked, which every reader
    of it waits for: typed as set), the moves played, the marks being entered, a
    word chosen off the plan, letters revealed besides, whether the game is over, the message,
    whether to show every word left, the turns and when the words left became rarer ones.
   @typedef {{group: Group, history: Played[], marks: number[] | null, chosen: string | null, chosenKind: string, known: (string | null)[], done: boolean, msg: string, bad: boolean, allWords: boolean, lost: boolean, limit: number, rare: number}} State
   @typedef {{s: number, d: number, reps: number, lapses: number}} Memory a card's memory (FSRS) */
/** A card of the drill: its id (kept on the device with its memory), what it asks (openings,
    a few words, a move, tries, a family, a stop), its group, the answer, and the board that
    calls for it (the words played and their feedback codes; stop: an exception row).
   @typedef {{id: string, kind: string, group: Group, answer: string[], movers: string[], codes: number[], stop?: boolean}} Card */
