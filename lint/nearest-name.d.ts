/** Types of nearest-name.js ("did you mean", shared by lint and generate). */
export declare function nearestName(word: string, candidates: Iterable<string>): string | undefined;
