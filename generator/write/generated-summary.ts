/** The line `npm run generate` ends with, e.g. "Generated 44 files for 17 operations into generated/ (1 written, 43 unchanged, 0 deleted)": written + unchanged = the files the output holds. */
export function generatedSummary(
  report: {
    readonly written: readonly unknown[];
    readonly unchanged: readonly unknown[];
    readonly deleted: readonly unknown[];
  },
  operations: number,
  out: string,
): string {
  const files = report.written.length + report.unchanged.length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  return (
    `Generated ${plural(files, "file")} for ${plural(operations, "operation")} into ${out}/ ` +
    `(${report.written.length} written, ${report.unchanged.length} unchanged, ${report.deleted.length} deleted)`
  );
}
