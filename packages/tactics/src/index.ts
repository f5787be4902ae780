// The package under construction: its rules engine lands here (see the open issue for tactics).
export {};
