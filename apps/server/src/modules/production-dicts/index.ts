// Front door of the production-dicts module (others import it only from here). Production dictionaries.

export { productionDictImplementations } from './production-dicts.procedures.ts';
