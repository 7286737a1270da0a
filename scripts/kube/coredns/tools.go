//go:build tools

// Package tools pins CoreDNS, the cluster DNS of the single-node test cluster
// (e2e/cluster), built by scripts/kube/install.mjs.
package tools

import (
	_ "github.com/coredns/coredns"
)
