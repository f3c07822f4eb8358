/** The smallest `paths` a test spec in YAML needs: one operation (`GET /pets`, `listPets`) with a 200 response. */
export function listPetsPaths(responseLines = ""): string {
  return `paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: ok
${responseLines}`;
}
