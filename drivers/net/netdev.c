// SPDX-License-Identifier: MIT
/*
 * The list of network devices: drivers register what they probe (at
 * device_initcall), polled users look one up by name later. Devices are
 * never removed, so a lookup takes no lock.
 */
#include <kernel/compiler.h>
#include <kernel/netdev.h>
#include <kernel/string.h>

static struct net_device *netdev_list;
static unsigned int netdev_count;

void netdev_register(struct net_device *dev)
{
	struct net_device **tail = &netdev_list;

	snprintf(dev->name, sizeof(dev->name), "eth%u", netdev_count++);
	dev->next = NULL;
	while (*tail)
		tail = &(*tail)->next;
	/* Filled in before a lookup on another CPU can see it. */
	__atomic_store_n(tail, dev, __ATOMIC_RELEASE);
}

struct net_device *netdev_find(const char *name)
{
	struct net_device *dev = __atomic_load_n(&netdev_list, __ATOMIC_ACQUIRE);

	if (!name || !*name)
		return dev;
	for (; dev; dev = __atomic_load_n(&dev->next, __ATOMIC_ACQUIRE))
		if (!strcmp(dev->name, name))
			return dev;
	return NULL;
}
