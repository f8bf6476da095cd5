import { freedom } from '../patch.ts';

/** An RFC 5322 addr-spec with a quoted local part holding a space, at a domain of RFC 6531 U-labels. */
export const OTHER_EMAIL = '"ops desk"@bücher.example';

export default freedom({
  name: 'email-other-form',
  bends: ['ORG.emailAddress'],
  description: `the organisation's emailAddress is an address of another form: ${OTHER_EMAIL}`,
  patch: {
    seed: (store) => {
      for (const organisation of store.organisations.values()) organisation.emailAddress = OTHER_EMAIL;
    },
  },
});
