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
 * Gives the engine our real credential type and the test's decrypted data; `authenticate` runs the
 * credential's own code, exactly as n8n's CredentialsHelper does for a function-style authenticate.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly type: ICredentialType,
		private readonly data: ICredentialDataDecryptedObject,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		if (typeName !== this.type.name || typeof this.type.authenticate !== 'function') {
			throw new Error(`Test credentials helper cannot authenticate ${typeName}`);
		}
		return await this.type.authenticate(credentials, requestOptions as IHttpRequestOptions);
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

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return { ...this.data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(): INodeProperties[] {
		return this.type.properties;
	}
}
