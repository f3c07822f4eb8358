// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** Stage 1, always: splits the request target into path and query, without a URL object. */
import type { RequestContext } from "../request-context.js";

export function splitTarget<C>(context: RequestContext<C>): undefined {
  const url = context.source.url;
  let pathStart = 0;
  if (url.charCodeAt(0) !== 47 /* / */) {
    const authority = url.indexOf("//");
    pathStart = url.indexOf("/", authority === -1 ? 0 : authority + 2);
    if (pathStart === -1) pathStart = url.length;
  }
  const questionMark = url.indexOf("?", pathStart);
  const pathname = questionMark === -1 ? url.slice(pathStart) : url.slice(pathStart, questionMark);
  context.pathStart = pathStart;
  context.pathname = pathname === "" ? "/" : pathname;
  context.search = questionMark === -1 ? "" : url.slice(questionMark + 1);
  return undefined;
}
