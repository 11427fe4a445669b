declare const tsv: string;
export = tsv;
