import { contentType, freedom } from '../patch.ts';

export default freedom({
  name: 'media-type-charset',
  bends: ['GEN.json', 'AUTH.401', 'ERR.case.401', 'INTRO.https-json', 'AUTH.api-key', 'EP.authorization'],
  description: 'every media type carries "; charset=utf-8", the 401 text\'s too',
  patch: {
    // a parameter of the media type: the type is still application/json (or text/plain)
    send: (_call, written) => {
      const type = contentType(written);
      if (type === undefined || /;\s*charset=/i.test(type.value)) return written;
      return { ...written, headers: { ...written.headers, [type.name]: `${type.value}; charset=utf-8` } };
    },
  },
});
