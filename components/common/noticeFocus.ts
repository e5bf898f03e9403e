/**
 * An outcome focused by script (`tabIndex={-1}`): no ring for a pointer user, one for a keyboard user. For a
 * confirmation shown after an action whose button goes away with it (a review decision, a service request's step, a
 * cancelled order): focus given back to that button by its dialog was lost to the page's body.
 */
export const NOTICE_FOCUS = { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2, outlineOffset: 2 } } as const;
