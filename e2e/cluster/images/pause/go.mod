// The pause program of the single-node cluster's pod sandboxes (containerd's sandbox_image),
// built by e2e/cluster/images.mjs: no registry serves registry.k8s.io/pause here.
module atendo.local/pause

go 1.25.0
