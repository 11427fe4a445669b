import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../respond';

type Req = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;

const TECHNOLOGIES = ['FTTP', 'HFC', 'FTTC', 'FTTN', 'FTTB', 'WIRELESS'];

/** A stable number from text, so the same address always qualifies the same way. */
function hash(text: string): number {
	let h = 2166136261;
	for (const char of text.toLowerCase().replace(/\s+/g, ' ').trim())
		h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
	return h;
}

function locationId(address: string): string {
	return `LOC${String(hash(address)).padStart(12, '0').slice(0, 12)}`;
}

/** The AVC answer: an AVC id matches a location when its digits end with the location's last four. */
function avc(location: string, avcid: string, serviceType?: string) {
	const match = avcid.replace(/\D/g, '').endsWith(location.slice(-4));
	const technology = serviceType ?? TECHNOLOGIES[hash(location) % TECHNOLOGIES.length];
	return {
		avc_match: match,
		avc_target:
			technology === 'FTTP' || technology === 'HFC'
				? `PRI${location.slice(-9)}`
				: `CPI${location.slice(-9)}`,
		avc_current_epid: match ? 'EPID-TELCO-DEMO' : `EPID-${String((hash(avcid) % 900) + 100)}`,
	};
}

export function registerQualifyRoutes(app: FastifyInstance): void {
	const items = (address: string, kind: 'qualify' | 'ndf') => {
		const location = locationId(address);
		const technology = TECHNOLOGIES[hash(address) % TECHNOLOGIES.length];
		const serviceable = hash(`${address}#`) % 10 !== 0;
		return [
			{
				location_id: location,
				address: address.trim(),
				technology,
				serviceable,
				service_class: serviceable ? 13 : 0,
				max_download: technology === 'FTTP' ? 1000 : technology === 'WIRELESS' ? 75 : 100,
				max_upload: technology === 'FTTP' ? 400 : 20,
				...(kind === 'ndf' ? { source: 'NDF', disconnection_date: null } : {}),
			},
		];
	};

	app.post('/services/qualify', async (request: Req) => {
		const { address, avcid, service_type: serviceType } = request.query;
		if (!address?.trim()) return fail('address is required');
		if (serviceType && !TECHNOLOGIES.includes(serviceType))
			return fail(`service_type must be one of ${TECHNOLOGIES.join(', ')}`);
		return items(address, 'qualify').map((item) =>
			avcid ? { ...item, ...avc(item.location_id, avcid, serviceType) } : item,
		);
	});

	app.post('/services/qualify/ndf', async (request: Req) => {
		const { address } = request.query;
		if (!address?.trim()) return fail('address is required');
		return items(address, 'ndf');
	});

	app.post('/services/qualify/avc-check', async (request: Req) => {
		const { location_id: location, avcid, service_type: serviceType } = request.query;
		if (!location?.trim()) return fail('location_id is required');
		if (!avcid?.trim()) return fail('avcid is required');
		if (serviceType && !TECHNOLOGIES.includes(serviceType))
			return fail(`service_type must be one of ${TECHNOLOGIES.join(', ')}`);
		return avc(location.trim(), avcid.trim(), serviceType);
	});
}
