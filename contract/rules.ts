// Which requirement an invalid payload breaks, from the rule it is labelled with and where: the verdict on a
// generated or recorded payload cites the statement that payload breaks.
import type { OperationId } from './schemas.ts';
import type { RequirementId } from './requirements.ts';
import type { Invalid } from './invalid.ts';

const TYPES: Partial<Record<OperationId, RequirementId>> = {
  updateChaosSettings: 'CHAOS-TYPES',
  updateStateSettings: 'STATE-TYPES',
  updateOrganisation: 'ORG-TYPES',
  updateDataSource: 'DS-TYPES',
  pushOpenApiToGit: 'PUSH-TYPES',
};

export function brokenRequirement(op: OperationId, invalid: Invalid): RequirementId {
  const depth = invalid.pointer.split('/').length - 1;
  switch (invalid.rule) {
    case 'not-json':
      return 'GEN-NOT-JSON';
    case 'too-large':
      // no size limit is shown: only a 5xx would be wrong
      return 'GEN-NO-5XX';
    case 'missing-required':
      // the wrapper is the convention of every update; a property inside it is the operation's own body
      return depth === 1 ? 'GEN-WRAP-REQUEST' : TYPES[op]!;
    case 'rows-misfit':
      return 'DS-ROWS-FIT';
    case 'above-limit':
    case 'below-limit':
    case 'non-integer':
      if (invalid.pointer === '/chaos/percentageFailures') return 'CHAOS-PERCENTAGE-LIMIT';
      if (invalid.pointer.startsWith('/chaos/httpErrors/')) return 'CHAOS-HTTP-STATUS-LIMIT';
      return TYPES[op]!;
    case 'wrong-type':
      // the wrapper itself of the wrong type is a body that does not wrap the object
      if (depth === 1) return 'GEN-WRAP-REQUEST';
      if (invalid.pointer.startsWith('/dataSource/rows/')) return 'DS-ROWS-FIT';
      return TYPES[op]!;
  }
}
