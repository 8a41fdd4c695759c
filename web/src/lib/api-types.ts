/**
 * The API's shapes, as the server's OpenAPI document describes them (`api-schema.d.ts`, generated
 * by `scripts/api-types.sh`; `make test` fails when it and the server differ). Features alias
 * these instead of writing the shapes by hand, so a change on the server shows up in `tsc`.
 */
import type { components } from './api-schema';

/** A schema of the document by name: `Schema<'CourseSummary'>`. */
export type Schema<K extends keyof components['schemas']> = components['schemas'][K];
