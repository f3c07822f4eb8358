/**
 * Writes the two consumers of figure 5 for a spec: the same calls through our generated client,
 * and through openapi-fetch over openapi-typescript's `types.ts`. Each consumer gets a tsconfig
 * that extends the project's (strict, NodeNext, …) with only the consumer as root.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { PickedOperation } from "./pick-operations.js";

export interface GeneratedClientInfo {
  /** e.g. `createPetStoreClient`. */
  readonly factory: string;
  /** `METHOD path` → method name on the client. */
  readonly methods: ReadonlyMap<string, string>;
  /** Names of the exported `<Op>Body` types. */
  readonly bodyTypes: ReadonlySet<string>;
}

/** Reads the factory, the operation table and the body types out of a generated client.ts. */
export async function readGeneratedClient(clientPath: string): Promise<GeneratedClientInfo> {
  const source = await readFile(clientPath, "utf8");
  const factory = /export function (create\w+Client)[<(]/.exec(source)?.[1];
  if (factory === undefined) throw new Error(`no create…Client function in ${clientPath}`);
  const methods = new Map<string, string>();
  const entry =
    /(\w+|"[^"]+"): \{\s*operationId: "(?:[^"\\]|\\.)*",\s*method: "(\w+)",\s*path: "((?:[^"\\]|\\.)*)"/g;
  for (const match of source.matchAll(entry)) {
    const name = match[1]!.startsWith('"') ? (JSON.parse(match[1]!) as string) : match[1]!;
    methods.set(`${match[2]!} ${JSON.parse(`"${match[3]!}"`) as string}`, name);
  }
  const bodyTypes = new Set(
    [...source.matchAll(/export type (\w+Body) =/g)].map((match) => match[1]!),
  );
  return { factory, methods, bodyTypes };
}

function importPath(from: string, to: string): string {
  const path = relative(from, to).replace(/\.ts$/, ".js");
  return path.startsWith(".") ? path : `./${path}`;
}

const PRELUDE =
  "// Written by benchmarks/typecheck (figure 5). Type-checked only, never run.\ndeclare function use(value: unknown): void;\n";

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function oursConsumer(
  dir: string,
  clientPath: string,
  info: GeneratedClientInfo,
  operations: readonly PickedOperation[],
): string {
  const bodyImports: string[] = [];
  const lines: string[] = [];
  operations.forEach((operation, index) => {
    const method = info.methods.get(`${operation.method} ${operation.path}`);
    if (method === undefined)
      throw new Error(`no client method for ${operation.method} ${operation.path}`);
    const args: string[] = [];
    if (operation.pathLiteral !== undefined) args.push(`path: ${operation.pathLiteral}`);
    if (operation.bodyMediaType !== undefined) {
      const bodyType = `${pascal(method)}Body`;
      if (!info.bodyTypes.has(bodyType))
        throw new Error(`no ${bodyType} type in the generated client`);
      bodyImports.push(bodyType);
      lines.push(`  const body${index}: ${bodyType} = undefined as never;`);
      args.push(`body: body${index}`);
    }
    lines.push(
      `  const r${index} = await client.${method}(${args.length > 0 ? `{ ${args.join(", ")} }` : ""});`,
    );
    lines.push(
      `  if (r${index}.data !== undefined) use(r${index}.data);\n  else use(r${index}.error);`,
    );
  });
  const from = importPath(dir, clientPath);
  const typeImport =
    bodyImports.length > 0 ? `import type { ${bodyImports.join(", ")} } from "${from}";\n` : "";
  return (
    `${PRELUDE}import { ${info.factory} } from "${from}";\n${typeImport}\n` +
    `const client = ${info.factory}({ baseUrl: "https://api.example.test", apiKey: "key" });\n\n` +
    `export async function main(): Promise<void> {\n${lines.join("\n")}\n}\n`
  );
}

export function peerConsumer(
  dir: string,
  typesPath: string,
  operations: readonly PickedOperation[],
): string {
  const lines: string[] = [];
  operations.forEach((operation, index) => {
    const args: string[] = [];
    if (operation.pathLiteral !== undefined)
      args.push(`params: { path: ${operation.pathLiteral} }`);
    const pathKey = JSON.stringify(operation.path);
    if (operation.bodyMediaType !== undefined) {
      lines.push(
        `  const body${index}: NonNullable<paths[${pathKey}]["${operation.method}"]["requestBody"]>["content"][${JSON.stringify(operation.bodyMediaType)}] = undefined as never;`,
      );
      args.push(`body: body${index}`);
    }
    lines.push(
      `  const r${index} = await client.${operation.method.toUpperCase()}(${pathKey}${args.length > 0 ? `, { ${args.join(", ")} }` : ""});`,
    );
    lines.push(
      `  if (r${index}.data !== undefined) use(r${index}.data);\n  else use(r${index}.error);`,
    );
  });
  return (
    `${PRELUDE}import createClient from "openapi-fetch";\nimport type { paths } from "${importPath(dir, typesPath)}";\n\n` +
    `const client = createClient<paths>({ baseUrl: "https://api.example.test", headers: { "X-API-Key": "key" } });\n\n` +
    `export async function main(): Promise<void> {\n${lines.join("\n")}\n}\n`
  );
}

/** Writes `consumer.ts` and a `tsconfig.json` (project options, only the consumer as root) into `dir`. */
export async function writeConsumer(root: string, dir: string, source: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "consumer.ts"), source);
  const tsconfig = {
    extends: join(root, "tsconfig.json"),
    compilerOptions: { noEmit: true, incremental: false },
    files: ["consumer.ts"],
    include: [],
  };
  await writeFile(join(dir, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  return join(dir, "tsconfig.json");
}
