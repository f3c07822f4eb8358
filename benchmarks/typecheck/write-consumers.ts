/**
 * Writes the consumers of figure 5 for a spec: the same calls through our generated client, and
 * through openapi-fetch over openapi-typescript's types. Each consumer gets a tsconfig that
 * extends the project's (strict, NodeNext, …) with only the consumer as root. Ours imports the
 * built package by its name (`<name>/client`, resolved through its `exports` to `dist/*.d.ts`,
 * as `npm install` delivers it) or the generated sources (a monorepo without a build step); the
 * peer's types are `schema.d.ts` (openapi-typescript's documented `-o schema.d.ts`) or the
 * `types.ts` the generation figure wrote.
 */
import { copyFile, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
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

export function importPath(from: string, to: string): string {
  const path = relative(from, to).replace(/\.ts$/, ".js");
  return path.startsWith(".") ? path : `./${path}`;
}

const PRELUDE =
  "// Written by benchmarks/typecheck (figure 5). Type-checked only, never run.\ndeclare function use(value: unknown): void;\n";

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `from`: the module specifier of the client (a relative path, or `<package>/client`). */
export function oursConsumer(
  from: string,
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
  const typeImport =
    bodyImports.length > 0 ? `import type { ${bodyImports.join(", ")} } from "${from}";\n` : "";
  return (
    `${PRELUDE}import { ${info.factory} } from "${from}";\n${typeImport}\n` +
    `const client = ${info.factory}({ baseUrl: "https://api.example.test", apiKey: "key" });\n\n` +
    `export async function main(): Promise<void> {\n${lines.join("\n")}\n}\n`
  );
}

/** `typesFrom`: the module specifier of openapi-typescript's `paths`. */
export function peerConsumer(typesFrom: string, operations: readonly PickedOperation[]): string {
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
    `${PRELUDE}import createClient from "openapi-fetch";\nimport type { paths } from "${typesFrom}";\n\n` +
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

/**
 * Makes the built package at `packageDir` installed in `dir` (`node_modules/<name>`, a link, as
 * npm links a workspace) and returns its name.
 */
export async function installPackage(dir: string, packageDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as {
    name?: unknown;
  };
  if (typeof manifest.name !== "string") throw new Error(`${packageDir}/package.json has no name`);
  const link = join(dir, "node_modules", manifest.name);
  await mkdir(dirname(link), { recursive: true });
  await symlink(packageDir, link, "dir");
  return manifest.name;
}

/** openapi-typescript's output as the declaration file its docs write (`-o schema.d.ts`). */
export async function copyAsDeclarations(dir: string, typesPath: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await copyFile(typesPath, join(dir, "schema.d.ts"));
  return "./schema.js";
}
