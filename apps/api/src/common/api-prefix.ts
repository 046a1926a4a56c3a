/** Everything of the JSON API lives under this prefix; the rest of the paths are the public side. */
export const API_PREFIX = 'l/api';
