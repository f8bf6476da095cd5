import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'data-source-response-unwrapped',
  breaks: 'GEN-WRAP-RESPONSE',
  alsoBreaks: { 'DS-RESPONSE': 'the statement itself is that the body is { dataSource: <Data source> }' },
  description: 'the data source update answers the data source unwrapped, without {"dataSource": ...}',
  patch: {
    reply: (call, reply) => (call.operation === 'updateDataSource' ? changeResource(reply, undefined, (body) => body.dataSource!) : reply),
  },
});
