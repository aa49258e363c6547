/** What domain logic receives instead of reaching for globals, so tests can pin time and ids. */
export type Clock = () => Date;
export type IdGenerator = () => string;

export const systemClock: Clock = () => new Date();
export const randomId: IdGenerator = () => crypto.randomUUID();
