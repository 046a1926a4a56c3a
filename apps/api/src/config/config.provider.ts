/** Injection token of the validated `Config`. */
export const CONFIG = Symbol('CONFIG');
