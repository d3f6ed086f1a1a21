/**
 * Tests known to be flaky, excused by name while their cause is worked on. A test that fails and then
 * passes on its retry fails the run (`npm test` names it in its closing line) unless it is listed here,
 * by its file and full name (describe blocks and title joined by " > "), with the reason and the issue
 * that tracks it. Keep this list empty: each entry is a test that no longer guards anything reliably.
 */
export type Quarantined = { file: string; name: string; reason: string };

export const QUARANTINE: Quarantined[] = [
  {
    file: "settings.spec.ts",
    name: "settings: edit the name, change the password with the current one, delete the account and sign up again (es)",
    reason:
      "Once in CI (session 11, machine loaded): the sign-up's ALTCHA check reached its 'error' state in Chromium after it had verified (the widget showed executeFailed, the waiting submit was never released); it passed on its retry and in two other runs. Issue 22's note tracks it: find why the widget errors (a second solve after the answer?) and let it try again by itself before showing the message.",
  },
];

export const isQuarantined = (file: string, name: string) =>
  QUARANTINE.some((q) => file.endsWith(q.file) && q.name === name);
