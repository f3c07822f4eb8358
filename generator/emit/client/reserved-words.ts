/**
 * JavaScript's reserved words (and the strict-mode ones): an operation named by one has no
 * function declaration of its name in operations.ts (it is exported under an alias), and the
 * README's examples do not import it by name.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with implements interface let package private protected " +
    "public static yield await arguments eval"
  ).split(" "),
);
