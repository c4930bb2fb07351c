package dev.bearings.source.bear;

import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.testkit.NoteSourceContract;

import java.nio.file.Path;

class Bear1SourceTest extends NoteSourceContract {

    @Override
    protected NoteSourceProvider provider() {
        return new BearSourceProvider();
    }

    @Override
    protected Fixture fixture(Path folder) throws Exception {
        return new BearFixture(folder, BearFixture.Version.BEAR_1, BearSourceTest::open);
    }
}
