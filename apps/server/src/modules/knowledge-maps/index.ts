// Front door of the knowledge-maps module (others import it only from here). Knowledge maps: the procedures, and the
// check that questions may link nodes.

export { knowledgeMapImplementations } from './knowledge-maps.procedures.ts';
export { assertNodesLinkable } from './knowledge-nodes.queries.ts';
