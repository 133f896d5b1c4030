// Front door of the sites module (others import it only from here). Organisation administration: the procedures, and an
// organisation's effective shell settings.

export { siteImplementations } from './sites.procedures.ts';
export { saveSiteSettings, siteSettings } from './sites.queries.ts';
