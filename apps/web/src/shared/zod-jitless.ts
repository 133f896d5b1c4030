/**
 * The server's Content Security Policy forbids evaluated script. zod compiles fast object parsers with
 * `new Function` unless told `jitless`, and even its probe for that is reported as a policy violation. zod keeps its
 * configuration in this global (shared by every copy of it), so setting it here, before any lazy chunk imports
 * zod, costs the first load nothing (`z.config` would pull zod into it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
