export function servicesOfAFile(): () => void;
