/**
 * XML bodies (`application/xml`, `text/xml`, `*+xml`) are not mapped from their schema yet: the
 * generated client would send an object as JSON text under an XML media type, and the server reads
 * the XML as text. Rather than fail only at run time, `generate` warns once per operation, naming
 * where its XML bodies are (request, responses by status).
 */
import type { ApiModel, MediaModel } from "./types.js";

function isXml(media: MediaModel): boolean {
  const base = media.mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  return base === "application/xml" || base === "text/xml" || base.endsWith("+xml");
}

export function xmlWarnings(model: ApiModel): string[] {
  const warnings: string[] = [];
  for (const operation of model.operations) {
    const where: string[] = [];
    const request = (operation.requestBody?.contents ?? []).filter(isXml);
    if (request.length > 0) where.push(`its request body (${request[0]!.mediaType})`);
    for (const response of operation.responses) {
      const xml = response.contents.filter(isXml);
      if (xml.length > 0) where.push(`its ${response.status} response (${xml[0]!.mediaType})`);
    }
    if (where.length === 0) continue;
    warnings.push(
      `xml: ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) has XML in ${where.join(", ")}, which the generated client and server do not map from the schema yet: send and read such bodies as XML text yourself (a string body; the response's text), or use a JSON media type where the API offers one`,
    );
  }
  return warnings;
}
