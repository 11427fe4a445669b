import { ICredentialsHelper } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';

/**
 * Gives the engine our real credential types and the test's decrypted data for each; `authenticate` runs
 * the credential's own code, exactly as n8n's CredentialsHelper does for a function-style authenticate.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly entries = new Map<
		string,
		{ type: ICredentialType; data: ICredentialDataDecryptedObject }
	>();

	constructor(
		type: ICredentialType,
		data: ICredentialDataDecryptedObject,
		others: Array<[ICredentialType, ICredentialDataDecryptedObject]> = [],
	) {
		super();
		for (const [otherType, otherData] of [[type, data] as const, ...others])
			this.entries.set(otherType.name, { type: otherType, data: otherData });
	}

	private entry(typeName: string) {
		const found = this.entries.get(typeName);
		if (!found) throw new Error(`Test credentials helper has no ${typeName} credential`);
		return found;
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const { type } = this.entry(typeName);
		if (typeof type.authenticate !== 'function')
			throw new Error(`Test credentials helper cannot authenticate ${typeName}`);
		return await type.authenticate(credentials, requestOptions as IHttpRequestOptions);
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	// Abstract from n8n-workflow 2.41 on; harmless before.
	isCredentialUsableByNode(): boolean {
		return true;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Not needed by the engine for declarative nodes');
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: unknown,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject> {
		return { ...this.entry(typeName).data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(typeName: string): INodeProperties[] {
		return this.entry(typeName).type.properties;
	}
}
