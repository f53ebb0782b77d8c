import type { AppContext } from '../context.ts';
import type { ApiRoute, DomainTag } from '../edge/route.ts';

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
}

/** A declared domain, as `buildApp` uses it: the service's type no longer shows. (Its importers live in ingest/importers: data flows from ingest into domains, never back.) */
export interface Domain {
  name: string;
  tag: DomainTag;
  /** Makes the service from `ctx` and declares every route over it. */
  routes(ctx: AppContext): ApiRoute[];
}

export function defineDomain<Service>(declaration: DomainDeclaration<Service>): Domain {
  return {
    name: declaration.name,
    tag: declaration.tag,
    routes(ctx) {
      const service = declaration.service(ctx);
      return declaration.routes.flatMap((route) => route(service));
    },
  };
}
