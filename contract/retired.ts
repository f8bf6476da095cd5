// Check ids that no check carries any more, each with why: a baseline, a report or a dashboard may still name one,
// and the tool says it was retired and why instead of treating it as unknown. An id is retired, never reused, when
// its judgement went beyond the interface's words; read by --list, the baseline and replay.

/** The operations that take a body, whose checks were declared one per operation. */
const PUTS = ['updateChaosSettings', 'updateStateSettings', 'updateOrganisation', 'updateDataSource', 'pushOpenApiToGit'] as const;

const NOT_JSON_WORDS =
  'the interface fixes the Invalid JSON entry for a body that lacks a required property, and says nothing of a body that cannot be read as JSON; its refusal is judged as every refusal by identifiers/<operation>/body-not-json-not-accepted';

export const RETIRED_CHECKS: ReadonlyMap<string, string> = new Map(
  PUTS.map((op) => [`identifiers/${op}/body-not-json-answered-invalid-json`, NOT_JSON_WORDS] as const),
);

/** Why a check id is retired, or undefined for one that is not. */
export const retiredWhy = (id: string): string | undefined => RETIRED_CHECKS.get(id);
