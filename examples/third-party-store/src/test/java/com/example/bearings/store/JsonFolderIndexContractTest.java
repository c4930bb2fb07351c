package com.example.bearings.store;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.ChunkIndexContract;

/** The store keeps every promise of the port: the testkit's contract, from the published artifact. */
class JsonFolderIndexContractTest extends ChunkIndexContract {

    @Override
    protected ChunkIndexStore store() {
        return new JsonFolderIndexProvider().create(Settings.NONE);
    }
}
