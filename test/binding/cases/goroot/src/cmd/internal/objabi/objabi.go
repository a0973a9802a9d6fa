package objabi

// Version is the toolchain's version.
const Version = "go1.22"
