import { systemResolver, type HostResolver } from '../../src/infrastructure/host-resolver';

/**
 * A resolver that answers the names given with the addresses given, and asks the system for the
 * others: a webhook's name is resolved when it is added, and the tests have no network (nothing is
 * ever sent to these addresses: the webhooks that name them stay off, or resolve elsewhere when
 * they connect).
 */
export function resolverWith(names: Record<string, string[]>): HostResolver {
  return {
    async resolve(host) {
      const addresses = names[host];
      return addresses ? { addresses, aliases: [] } : systemResolver.resolve(host);
    },
    txt: (name) => systemResolver.txt(name),
  };
}
