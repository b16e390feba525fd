/**
 * Limits of announcements and the service agreement (issue #15), without zod: the contract validates with them and
 * the console's forms and filters stop at them.
 */
/** A title fits a line or two of a phone. */
export const ANNOUNCEMENT_TITLE_MAX = 100
/** The content is plain text. */
export const ANNOUNCEMENT_CONTENT_MAX = 5000
/** How many latest announcements GET /announcement/list answers at most (the dashboard shows a few). */
export const ANNOUNCEMENT_LIST_MAX = 20
/** How many unread pinned announcements pop up after sign-in at most. */
export const ANNOUNCEMENT_POPUP_MAX = 5
/** The excerpt of the content a list carries (the viewer fetches the whole text). */
export const ANNOUNCEMENT_SUMMARY_LENGTH = 80
/** The agreement's text is plain text too. */
export const AGREEMENT_TEXT_MAX = 20000
