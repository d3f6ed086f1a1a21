/**
 * Whose credits a download counter counts: an account's, or a guest's by their signed id. The counters'
 * rows (download_counter.subject) and the signed file addresses' holders are written with these.
 */
export const accountSubject = (accountId: number): string => `a:${accountId}`;
export const guestSubject = (guestId: string): string => `g:${guestId}`;
