import type { IDataObject, INode } from 'n8n-workflow';

export function exampleFiles(): Array<{
	file: string;
	text: string;
	workflow: IDataObject & { name: string; nodes: INode[] };
}>;
