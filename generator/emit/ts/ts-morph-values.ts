/**
 * The values of ts-morph the emitters use (its enums and `Project`), imported from here rather
 * than from "ts-morph" in each emitter: the generator's bundle (generator/run.mjs) wraps ts-morph,
 * a CommonJS package, for each module that imports values from it, copying its 538 exports each
 * time (about 20 ms of the pet store's operation edit, 16 modules); from here, once. Types are
 * still imported from "ts-morph" (`import type`: nothing at run time).
 * test/generator/ts-morph-imports.test.ts keeps it so.
 */
export {
  IndentationText,
  Project,
  QuoteKind,
  StructureKind,
  VariableDeclarationKind,
} from "ts-morph";
