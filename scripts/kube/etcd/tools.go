//go:build tools

// Package tools pins the etcd server command built by scripts/kube/install.mjs.
package tools

import (
	_ "go.etcd.io/etcd/server/v3"
)
