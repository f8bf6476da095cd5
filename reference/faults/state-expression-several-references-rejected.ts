import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'state-expression-several-references-rejected',
  breaks: 'STATE-EXPRESSION',
  description: 'a defaultContextExpression with more than one {{…}} reference is refused as invalid',
  patch: {
    // held after the schema, as a further rule: only a body that breaks no other is refused for it
    rules: (call, problems, body) => {
      if (call.operation !== 'updateStateSettings' || problems.length > 0 || !isObject(body) || !isObject(body.state)) return problems;
      const value = body.state.defaultContextExpression;
      const references = typeof value === 'string' ? (value.match(/\{\{/g) ?? []).length : 0;
      return references > 1 ? [{ pointer: '/state/defaultContextExpression', keyword: 'pattern', value, expected: 'one {{…}} reference at most' }] : problems;
    },
  },
});
