import type { AppContext } from '../core/context.ts';
import type { ApiRoute, DomainTag } from '../core/route.ts';
import type { AnyImporter } from '../ingest/source.ts';
import type { SourceDefinition } from '../ingest/sync/source-definition.ts';

/** What each route file exports: its route (or routes), declared over the domain's service. */
export type RouteOf<Service> = (service: Service) => ApiRoute | readonly ApiRoute[];

/** Everything a data domain is, in one declaration (see docs/domain-guide.md). */
export interface DomainDeclaration<Service> {
  /** Kebab-case: `real-estate`. */
  name: string;
  /** The OpenAPI tag of every route of the domain. */
  tag: DomainTag;
  /** Made once per app from the context; every service takes its domain's repos. */
  service: (ctx: AppContext) => Service;
  routes: readonly RouteOf<Service>[];
  /** The publisher formats `fdh import` reads into this domain's tables. */
  importers: readonly AnyImporter[];
  /** Where and when `fdh sync` fetches this domain's data. */
  sources?: readonly SourceDefinition[];
}

/** A declared domain, as `buildApp` and `fdh import` use it: the service's type no longer shows. */
export interface Domain {
  name: string;
  tag: DomainTag;
  importers: readonly AnyImporter[];
  sources: readonly SourceDefinition[];
  /** Makes the service from `ctx` and declares every route over it. */
  routes(ctx: AppContext): ApiRoute[];
}

export function defineDomain<Service>(declaration: DomainDeclaration<Service>): Domain {
  return {
    name: declaration.name,
    tag: declaration.tag,
    importers: declaration.importers,
    sources: declaration.sources ?? [],
    routes(ctx) {
      const service = declaration.service(ctx);
      return declaration.routes.flatMap((route) => route(service));
    },
  };
}
