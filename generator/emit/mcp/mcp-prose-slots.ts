/**
 * The operations' prose in mcp.ts as slots: the tool table shows each operation's summary (the
 * tool's title, and the start of its description), its description, and its parameters' and
 * request body's descriptions (inside the input schema), all in string literals. With a cache,
 * mcp.ts is made from {@link slottedMcpModel}, the model without prose in which each of these
 * texts is a placeholder (private-use characters around what it stands for), and
 * {@link fillMcpProse} writes each text where its placeholder is, escaped as the literal's
 * `JSON.stringify` escapes it. The placeholders stand where the texts would be, with the same
 * presence (a summary or description blank once trimmed has none, as the emitter leaves it out),
 * so an edit of an operation's prose refills the table without converting a schema or printing
 * anything with ts-morph. test/generator/server-api-prose.test.ts checks the filled file is the
 * one made from the whole model.
 *
 * A placeholder is told from spec text by its private-use character: when any string of the
 * prose-free model, the package name or the context holds that character, there are no slots
 * ({@link slottedMcpModel} gives undefined) and mcp.ts is made from the model whole.
 *
 * This module imports no ts-morph code: filling loads neither it nor TypeScript.
 */
import type { RunCaches } from "../../cache/run-caches.js";
import type {
  ApiModel,
  OperationModel,
  ParameterLocation,
  ParameterModel,
} from "../../model/types.js";
import type { GeneratedFile } from "../file.js";

const OPEN = "\uE002";
const CLOSE = "\uE003";
const SLOT = /\uE002([^\uE003]*)\uE003/g;

/** The text a summary or a description gives the tools: trimmed, none when blank (emit/mcp/mcp-tools.ts). */
const trimmed = (text: string | undefined): string | undefined => text?.trim() || undefined;

/**
 * `bare` (the model without prose) with a placeholder for each prose text of `model` that the
 * tools show; undefined when spec text could pass for a placeholder (see the module's doc).
 */
export function slottedMcpModel(
  model: ApiModel,
  bare: ApiModel,
  caches: RunCaches,
  fixed: string,
): ApiModel | undefined {
  if (
    fixed.includes(OPEN) ||
    Object.values(bare).some((value) => caches.jsonText(value).includes(OPEN))
  )
    return undefined;
  const slot = (text: string | undefined, id: string) =>
    text === undefined ? undefined : `${OPEN}${id}${CLOSE}`;
  const operations = bare.operations.map((operation, index): OperationModel => {
    const whole = model.operations[index];
    if (whole === undefined) throw new Error("the prose-free model has another operation list");
    const parameters = mapParameters(operation, (parameter, location, at) => ({
      ...parameter,
      description: slot(
        wholeParameter(whole, location, at).description,
        `parameter ${index} ${location} ${at}`,
      ),
    }));
    return {
      ...operation,
      summary: slot(trimmed(whole.summary), `summary ${index}`),
      description: slot(trimmed(whole.description), `description ${index}`),
      parameters,
      requestBody:
        operation.requestBody === undefined
          ? undefined
          : {
              ...operation.requestBody,
              description: slot(whole.requestBody?.description, `body ${index}`),
            },
    };
  });
  return { ...bare, operations };
}

/** `operation`'s parameters, each mapped by `map` (given its location and index there). */
export function mapParameters(
  operation: OperationModel,
  map: (parameter: ParameterModel, location: ParameterLocation, at: number) => ParameterModel,
): OperationModel["parameters"] {
  const mapped = (location: ParameterLocation) =>
    operation.parameters[location].map((parameter, at) => map(parameter, location, at));
  return {
    path: mapped("path"),
    query: mapped("query"),
    header: mapped("header"),
    cookie: mapped("cookie"),
  };
}

function wholeParameter(
  operation: OperationModel,
  location: ParameterLocation,
  at: number,
): ParameterModel {
  const parameter = operation.parameters[location][at];
  if (parameter === undefined) throw new Error("the prose-free model has other parameters");
  return parameter;
}

/** `file` (made from {@link slottedMcpModel}) with each placeholder replaced by the text of `model` it stands for. */
export function fillMcpProse(file: GeneratedFile, model: ApiModel): GeneratedFile {
  const content = file.content.replace(SLOT, (_slot, id: string) => {
    const text = proseOf(model, id);
    if (text === undefined)
      throw new Error(`mcp.ts has a prose slot (${id}) that the model has no text for`);
    // the text inside the string literal the placeholder stands in: as JSON.stringify writes it
    return JSON.stringify(text).slice(1, -1);
  });
  return { path: file.path, content };
}

function proseOf(model: ApiModel, id: string): string | undefined {
  const [kind, index, location, at] = id.split(" ");
  const operation = model.operations[Number(index)];
  if (operation === undefined) return undefined;
  if (kind === "summary") return trimmed(operation.summary);
  if (kind === "description") return trimmed(operation.description);
  if (kind === "body") return operation.requestBody?.description;
  if (
    kind === "parameter" &&
    location !== undefined &&
    Object.hasOwn(operation.parameters, location)
  )
    return operation.parameters[location as ParameterLocation][Number(at)]?.description;
  return undefined;
}
