/**
 * Names of problem.xml that this site's Polygon export writes and its import reads, in a module of their
 * own so the writer does not depend on the reader.
 */

/** The attribute of `<checker>`/`<interactor>` naming a convention the code does not show. */
export const CHECKER_CONVENTION_ATTRIBUTE = 'convention';
