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
  /** Every route's declaration (path, operationId, reads), without a context: routes to read, never to register. */
  declarations(): ApiRoute[];
}

/**
 * The service of routes declared to be read: a route uses its service only to answer, so any
 * use of this one is a route registered from its declarations by mistake.
 */
function unbuiltService<Service>(domain: string): Service {
  return new Proxy(
    {},
    {
      get: () => {
        throw new Error(`the ${domain} domain's route declarations have no service: register domain.routes(ctx)`);
      },
    },
  ) as Service;
}

export function defineDomain<Service>(declaration: DomainDeclaration<Service>): Domain {
  return {
    name: declaration.name,
    tag: declaration.tag,
    routes(ctx) {
      const service = declaration.service(ctx);
      return declaration.routes.flatMap((route) => route(service));
    },
    declarations() {
      const service = unbuiltService<Service>(declaration.name);
      return declaration.routes.flatMap((route) => route(service));
    },
  };
}
