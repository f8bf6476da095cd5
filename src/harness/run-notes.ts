// The notes a check records about how it was run rather than about what the deployment answered: how many
// inputs a property sent and with which seed, and inputs left unsent near its time bound. Written by the
// property checks (properties/property.ts) and recognised by `diff` (src/cli/diff.ts), which compares
// deployments' answers, not runs' seeds: one module holds both sides so the two cannot drift apart.

/** The note of a property that passed: the inputs it sent, how many were fixed ones, and the seed. */
export function inputsNote(sent: number, fixed: number, seed: number): string {
  return `${sent} inputs (${fixed} of them one of each kind, the rest generated), seed ${seed}`;
}

/** The note of a property that left inputs unsent because its time bound was near. */
export function unsentNote(unsent: number): string {
  return `${unsent} inputs were not sent: the check's time bound was near (the deployment answered more slowly than before the run)`;
}

// anchored and without nested quantifiers: linear on any input
const RUN_NOTES = [
  /^\d+ inputs \(\d+ of them one of each kind, the rest generated\), seed -?\d+$/,
  /^\d+ inputs were not sent: the check's time bound was near /,
];

/** Whether a note says how the run was made (seed, inputs sent) rather than what the deployment answered. */
export function isRunNote(note: string): boolean {
  return RUN_NOTES.some((pattern) => pattern.test(note));
}
