/**
 * The query string as the address bar holds it now. Filter updates start from it rather than from
 * the params of the last render: React Router renders a navigation later (in a transition), so two
 * quick clicks would otherwise both start from the same old query and the first one would be lost.
 */
export const currentSearch = () => new URLSearchParams(window.location.search);
