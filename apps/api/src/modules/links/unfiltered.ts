/**
 * Whether a list's filter keeps every link of the account: no filter given at all (then a page is
 * cached, and its statement prepared once for all).
 */
export const unfiltered = (filter: object): boolean => Object.values(filter).every((value) => value === undefined);
