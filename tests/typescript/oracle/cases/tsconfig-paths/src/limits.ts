export const MAX_RESULTS = 50;
